import { esc, formatAmount } from '../stripe/page';

const STYLE = `*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f5f7fa;color:#001c64;line-height:1.45}
main{max-width:460px;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.note{font-size:.85rem;color:#4b5563;background:#eef4ff;border-radius:8px;padding:.6rem .75rem;margin:0 0 1rem}
h1{font-size:1.25rem;margin:.25rem 0}.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.35rem 1rem;margin:0 0 1rem;padding:.75rem 0;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb}
dt{color:#4b5563}dd{margin:0;text-align:right;overflow-wrap:anywhere}
label{display:block;font-weight:600;font-size:.9rem;margin:.85rem 0 .3rem}
input{width:100%;padding:.65rem .75rem;font-size:1rem;border:1px solid #9ca3af;border-radius:8px;color:#001c64}
input:focus{outline:3px solid #99c3ff;outline-offset:1px}input[aria-invalid=true]{border-color:#b42318}
button{width:100%;margin-top:1rem;padding:.8rem;font-size:1.05rem;font-weight:600;border:0;border-radius:24px;cursor:pointer}
.pay{background:#0070e0;color:#fff}.cancel{background:#fff;color:#003087;border:1px solid #003087}
button:focus-visible{outline:3px solid #99c3ff;outline-offset:2px}
.alert{border:1px solid #fca5a5;background:#fef2f2;color:#b42318;border-radius:8px;padding:.7rem .8rem;margin:1rem 0 0}
@media (max-width:480px){main{margin:0;border-radius:0;min-height:100vh;box-shadow:none;padding:1.25rem 1rem}}`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export type TApprovalView = {
  orderId: string;
  amountMinor: number;
  currency: string;
  payee: string;
  description: string | null;
  action: string;
  email?: string;
  error?: string | null;
};

/** The page where the payer approves an order (Pay) or goes back (Cancel). */
export function approvalPage(v: TApprovalView): string {
  const total = formatAmount(v.amountMinor, v.currency);
  const invalid = v.error ? ' aria-invalid="true" aria-describedby="pay-error"' : '';
  return layout(
    `Pay ${total} to ${v.payee} (sandbox PayPal)`,
    `<p class="note">Sandbox PayPal: no money moves. Any e-mail address pays; one containing "declined" is approved here and then declined at capture.</p>
<h1>Pay ${esc(v.payee)}</h1><p class="amount">${esc(total)}</p>
<dl><dt>Payee</dt><dd>${esc(v.payee)}</dd>${v.description ? `<dt>For</dt><dd>${esc(v.description)}</dd>` : ''}<dt>Order</dt><dd>${esc(v.orderId)}</dd></dl>
<form method="post" action="${esc(v.action)}" novalidate>
<input type="hidden" name="token" value="${esc(v.orderId)}">
<label for="email">PayPal e-mail</label><input id="email" name="email" type="email" autocomplete="email" value="${esc(v.email ?? '')}"${invalid}>
${v.error ? `<p class="alert" id="pay-error" role="alert">${esc(v.error)}</p>` : ''}
<button class="pay" type="submit" name="action" value="pay">Pay ${esc(total)}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>Cancel and return</button>
</form>`,
  );
}

/** A page that only says something: a heading and a sentence. */
export function messagePage(heading: string, text: string): string {
  return layout(`${heading} (sandbox PayPal)`, `<h1>${esc(heading)}</h1><p>${esc(text)}</p>`);
}
