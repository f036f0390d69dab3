import type { ReactNode } from "react";

export const authInputClass =
  "mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500 focus:outline-none";
export const authButtonClass =
  "flex w-full items-center justify-center gap-2 rounded-lg bg-blue-600 px-4 py-2.5 font-semibold text-white hover:bg-blue-700 disabled:opacity-60";

/** The centred card of the sign-in pages, for the account-recovery screens. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-[calc(100vh-4rem)] items-center justify-center px-4 py-12">
      <div className="w-full max-w-md rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-center text-2xl font-bold text-gray-900">{title}</h1>
        <div className="mt-6 space-y-4">{children}</div>
      </div>
    </main>
  );
}

export function Notice({ tone, children }: { tone: "success" | "error"; children: ReactNode }) {
  const style = tone === "success" ? "border-green-200 bg-green-50 text-green-800" : "border-red-200 bg-red-50 text-red-700";
  return (
    <div role={tone === "success" ? "status" : "alert"} className={`rounded-lg border p-3 text-sm ${style}`}>
      {children}
    </div>
  );
}
