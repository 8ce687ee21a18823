import { escapeHtml } from "../../app/formatting/html";

/** The emulator's hosted checkout pages: plain HTML forms that work without JavaScript. */

type Obj = Record<string, any>;

interface View {
  session: Obj;
  products: Map<string, Obj>;
  coupons: Map<string, Obj>;
  trialDays?: number | null;
}

const escape = (value: unknown) => escapeHtml(String(value ?? ""));

export function money(cents: number, currency: string) {
  const amount = (cents / 100).toFixed(2);
  return `${currency.toUpperCase() === "CAD" ? "CA$" : "$"}${amount} ${currency.toUpperCase()}`;
}

function layout(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f6f8fa;color:#1a1f36;margin:0}
main{max-width:30rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem 2rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem} table{width:100%;border-collapse:collapse} td{padding:.3rem 0} td:last-child{text-align:right}
tr.total td{font-weight:700;border-top:1px solid #ccd} label{display:block;margin-top:.8rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.55rem;font-size:1rem;border:1px solid #8792a2;border-radius:6px}
button{margin-top:1.2rem;width:100%;padding:.75rem;font-size:1rem;border:0;border-radius:6px;background:#4f46e5;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #8792a2}
.error{background:#fde8e8;border:1px solid #c81e1e;color:#9b1c1c;padding:.7rem;border-radius:6px}
.note{font-size:.85rem;color:#4f566b} .badge{display:inline-block;background:#ffde92;color:#5d3a00;padding:.1rem .5rem;border-radius:4px;font-size:.8rem}
</style></head><body><main>${body}</main></body></html>`;
}

function summary({ session, trialDays }: View) {
  const currency: string = session.currency;
  const rows = session.line_items.data
    .map((item: Obj) => `<tr><td>${escape(item.description)}${item.quantity > 1 ? ` × ${item.quantity}` : ""}${item.price.recurring ? ` <span class="note">per ${escape(item.price.recurring.interval)}</span>` : ""}</td><td>${money(item.amount_subtotal, currency)}</td></tr>`)
    .join("");
  const details = session.total_details;
  return `<table aria-label="Order summary"><tbody>${rows}
${details.amount_discount ? `<tr><td>Discount</td><td>−${money(details.amount_discount, currency)}</td></tr>` : ""}
${details.amount_tax ? `<tr><td>Tax</td><td>${money(details.amount_tax, currency)}</td></tr>` : ""}
<tr class="total"><td>${session.mode === "subscription" ? "Due today" : "Total"}</td><td>${money(trialDays ? 0 : session.amount_total, currency)}</td></tr></tbody></table>
${trialDays ? `<p>Free for ${trialDays} days, then ${money(session.amount_total, currency)}.</p>` : ""}`;
}

export function renderCheckoutPage(view: View, { error, email }: { error?: string; email?: string }) {
  const { session, trialDays } = view;
  const trialNote = session.mode === "subscription" ? `<p class="note">Subscriptions renew automatically until cancelled.</p>` : "";
  return layout(
    "Checkout",
    `<p><span class="badge">Test mode</span></p>
<h1>Pay securely</h1>
${summary(view)}${trialNote}
${error ? `<p class="error" role="alert" id="card-error">${escape(error)}</p>` : ""}
<form method="post" action="/pay/${escape(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" value="${escape(email ?? session.customer_email ?? "")}">
<label for="card_number">Card number</label><input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242" ${error ? 'aria-describedby="card-error" aria-invalid="true"' : ""}>
<label for="card_expiry">Expiry (MM / YY)</label><input id="card_expiry" name="card_expiry" autocomplete="cc-exp" placeholder="12 / 34">
<label for="card_cvc">CVC</label><input id="card_cvc" name="card_cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123">
<button type="submit">${session.mode === "subscription" ? (trialDays ? "Start trial" : "Subscribe") : `Pay ${money(session.amount_total, session.currency)}`}</button>
</form>
${session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Cancel and return</a></p>` : ""}
<details><summary>Test cards</summary><ul class="note">
<li>4242 4242 4242 4242: succeeds</li><li>4000 0000 0000 0002: declined</li>
<li>4000 0000 0000 9995: insufficient funds</li><li>4000 0027 6000 3184: asks for authentication</li></ul></details>`,
  );
}

export function renderAuthenticationPage({ session }: View) {
  return layout(
    "Authenticate your payment",
    `<p><span class="badge">Test mode</span></p><h1>Authenticate your payment</h1>
<p>Your bank asks you to confirm this payment of ${money(session.amount_total, session.currency)}.</p>
<form method="post" action="/pay/${escape(session.id)}/authenticate">
<button type="submit" name="result" value="complete">Complete authentication</button>
<button type="submit" name="result" value="fail" class="secondary">Fail authentication</button>
</form>`,
  );
}

export function renderClosedPage(message: string) {
  return layout("Checkout", `<h1>Checkout</h1><p>${escape(message)}</p>`);
}
