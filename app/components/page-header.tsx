/** The centred title and lead sentence of a public page (pricing, the blog). */
export function PublicPageIntro({ title, lead }: { title: string; lead: string }) {
  return (
    <header className="text-center">
      <h1 className="text-4xl font-extrabold text-gray-900">{title}</h1>
      <p className="mt-4 text-lg text-gray-600">{lead}</p>
    </header>
  );
}

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold text-gray-900 sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-gray-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
