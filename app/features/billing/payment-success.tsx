// The payment-success view shown on /dashboard?success=true; the billing feature implements it.
export type PaymentSuccessProps = { isPro: boolean };

export function PaymentSuccess(_props: PaymentSuccessProps) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-gray-900">Payment Successful!</h1>
    </main>
  );
}
