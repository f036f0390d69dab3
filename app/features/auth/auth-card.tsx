import type { ReactNode } from "react";

/** The centred card of the sign-in and account-recovery pages. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-[calc(100vh-4rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">{title}</h1>
        {intro ? <p className="mt-2 text-center text-sm text-gray-600">{intro}</p> : null}
        <div className="mt-6 space-y-4">{children}</div>
      </div>
    </main>
  );
}

const NOTICE_STYLE = {
  success: "border-green-200 bg-green-50 text-green-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-700",
} as const;

export function Notice({ tone, children }: { tone: keyof typeof NOTICE_STYLE; children: ReactNode }) {
  const style = NOTICE_STYLE[tone];
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border p-3 text-sm ${style}`}>
      {children}
    </div>
  );
}
