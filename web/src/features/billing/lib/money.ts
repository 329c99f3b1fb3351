/**
 * An amount in a currency's smallest unit (Stripe's convention: 1000 usd = $10.00, 1000 jpy = ¥1,000), in the
 * reader's format. Intl knows each currency's decimals, so zero-decimal currencies are not divided by 100.
 */
export function formatMinorUnits(amount: number, currency: string): string {
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    // A code Intl does not know: show the number with the code rather than fail the page.
    return `${(amount / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** decimals);
}
