// Stripe's embedded Checkout, production only: it loads Stripe.js from js.stripe.com (firebase.json's CSP
// allows Stripe's hosts for it). Imported lazily, so emulator builds and every other page never fetch it.
import { EmbeddedCheckout, EmbeddedCheckoutProvider } from '@stripe/react-stripe-js';
// The /pure entry loads Stripe.js only when loadStripe() is called, not as a side effect of the import.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

let stripe: Promise<Stripe | null> | null = null;

interface StripeEmbeddedCheckoutProps {
  publishableKey: string;
  fetchClientSecret: () => Promise<string>;
}

export default function StripeEmbeddedCheckout({ publishableKey, fetchClientSecret }: StripeEmbeddedCheckoutProps) {
  // One Stripe object per page load, as Stripe asks: the provider may not be given another one.
  stripe ??= loadStripe(publishableKey);
  return (
    <EmbeddedCheckoutProvider stripe={stripe} options={{ fetchClientSecret }}>
      <EmbeddedCheckout />
    </EmbeddedCheckoutProvider>
  );
}
