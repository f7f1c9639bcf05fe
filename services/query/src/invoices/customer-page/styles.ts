import palette from '@remit/contracts/palette.json' with { type: 'json' };

/**
 * The customer page's look, in the web app's palette (contracts/palette.json, which web/src/theme/theme.ts reads
 * too, D-441), and its customer-page styles written out once: the page, its cards and side column, the status
 * badge, the buttons, the notices and the owner's bar.
 */
const c = palette;
const phone = '@media (max-width: 860px)';

export const customerPageStyles = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;min-width:320px;min-height:100vh;background:${c.background};color:${c.text};font-family:'Inter Variable',Inter,ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;font-size:1rem;line-height:1.55;-webkit-font-smoothing:antialiased}
h1,h2,p{margin:0}
h1,h2{color:${c.ink};line-height:1.2;letter-spacing:-0.015em}
a{color:${c.brandText};text-underline-offset:3px}
button{font:inherit;color:inherit}
:focus-visible{outline:2px solid ${c.focus};outline-offset:2px}
.page{min-height:100vh}
.top{padding:1rem 1.5rem;background:${c.surface};border-bottom:1px solid ${c.border}}
.top p{margin:0;font-size:1.125rem;font-weight:600;color:${c.ink}}
.main{display:grid;grid-template-columns:minmax(0,1fr) 340px;gap:1.5rem;max-width:1180px;margin:0 auto;padding:1.5rem}
.card{position:relative;padding:1.5rem;background:${c.surface};border:1px solid ${c.border};border-radius:14px}
.card h1,.card h2{margin:0 0 .75rem;font-size:1.125rem;color:${c.ink}}
.card p{margin:.5rem 0}
.side{display:flex;flex-direction:column;gap:1rem}
.dates{display:grid;grid-template-columns:auto 1fr;gap:2px .75rem;margin:.5rem 0 1rem}
.dates dt{color:${c.muted}}
.dates dd{margin:0;color:${c.ink}}
.due{font-size:2rem;font-weight:600;color:${c.ink}}
.badge{display:inline-block;padding:2px 10px;border-radius:999px;font-size:.875rem;font-weight:600}
.badge.paid{color:${c.success};background:${c.successSoft}}
.badge.overdue{color:${c.danger};background:${c.dangerSoft}}
.badge.open{color:${c.brandText};background:${c.brandSoft}}
.badge.void{color:${c.muted};background:${c.surfaceSunken}}
.owner{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.75rem;padding:.75rem 1.5rem;background:${c.brandSoft};border-bottom:1px solid ${c.border};color:${c.ink}}
.owner[hidden]{display:none}
.owner p{margin:0;font-size:.875rem}
.owner div{display:flex;flex-wrap:wrap;gap:.5rem}
.stamp{position:absolute;top:2rem;right:2rem;margin:0!important;padding:4px 18px;border:4px solid ${c.success};border-radius:10px;color:${c.success};background:rgba(255,255,255,.85);font-size:2rem;font-weight:800;letter-spacing:.1em;text-transform:uppercase;transform:rotate(-12deg);pointer-events:none}
.frame{display:block;width:100%;height:80vh;min-height:520px;border:1px solid ${c.border};border-radius:10px;background:#fff}
.stack{display:flex;flex-direction:column;gap:.75rem;margin-top:1rem}
.download,.pay-link,.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 1.5rem;border:1px solid transparent;border-radius:10px;font-size:.875rem;font-weight:600;line-height:1;text-decoration:none;white-space:nowrap;cursor:pointer}
.download{width:100%;font-size:1rem}
.download,.pay-link,.button.primary{background:${c.brand};color:#fff}
.download:hover,.pay-link:hover,.button.primary:hover:not(:disabled){background:${c.brandHover};color:#fff}
.download.secondary,.button.secondary{border-color:${c.borderStrong};background:${c.surface};color:${c.ink}}
.download.secondary:hover,.button.secondary:hover{background:${c.surfaceSunken};color:${c.ink}}
.button{min-height:40px;padding:0 1rem}
.button.large{width:100%;min-height:46px;padding:0 1.5rem}
.button:disabled{cursor:not-allowed;opacity:.55}
.notice:not(:empty){margin-bottom:1rem}
.alert{padding:.75rem 1rem;border:1px solid;border-radius:10px;font-size:.875rem;line-height:1.35}
.alert.info{background:${c.brandSoft};border-color:#c7d2fe;color:${c.brandText}}
.alert.success{background:${c.successSoft};border-color:${c.successBorder};color:${c.success}}
.alert.error{background:${c.dangerSoft};border-color:${c.dangerBorder};color:${c.danger}}
.center{display:flex;flex-direction:column;align-items:center;padding:2rem;text-align:center}
.details{display:grid;grid-template-columns:max-content 1fr;gap:.5rem 1rem;margin:0}
.details .row{display:contents}
.details dt{color:${c.muted}}
.details dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.credit-notes{list-style:none;margin:0;padding:0}
.credit-notes li{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:2px 12px;padding:10px 0}
.credit-notes li+li{border-top:1px solid ${c.border}}
.credit-notes span{display:block;color:${c.muted};font-size:.875rem;overflow-wrap:anywhere}
.credit-notes strong{font-variant-numeric:tabular-nums}
.credit-notes a{grid-column:1/-1;justify-self:start;font-size:.875rem;font-weight:600}
${phone}{
.main{grid-template-columns:minmax(0,1fr);padding:.75rem}
.side{order:-1}
.owner{padding:.75rem}
.stamp{top:1.5rem;right:1rem;padding:2px 12px;border-width:3px;font-size:1.25rem}
.frame{height:auto;min-height:0;aspect-ratio:1/1.42}
}
`;
