/**
 * The colours Remit's own pages share: the web app's theme (web/src/theme/theme.ts) and the customer page the query
 * service writes (services/query/src/invoices/customer-page/styles.ts) read them from here, so the two look alike.
 */
export const brandColours = {
  brand: '#4338ca',
  brandHover: '#3730a3',
  brandSoft: '#eef2ff',
  brandText: '#3730a3',
  ink: '#0f172a',
  text: '#1e293b',
  muted: '#475569',
  border: '#e2e8f0',
  borderStrong: '#cbd5e1',
  background: '#f6f7fb',
  surface: '#ffffff',
  surfaceSunken: '#f1f5f9',
  danger: '#b91c1c',
  dangerSoft: '#fef2f2',
  dangerBorder: '#fecaca',
  success: '#047857',
  successSoft: '#ecfdf5',
  successBorder: '#a7f3d0',
  focus: '#4f46e5',
} as const;
