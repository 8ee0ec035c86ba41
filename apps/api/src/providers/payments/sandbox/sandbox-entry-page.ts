import { METHOD_ENTRY_MESSAGE_TYPE } from '@paylane/shared/contracts/payment-methods';
import type { FieldErrors } from './sandbox-entry';
import { sandboxEntryUrl } from './sandbox-entries';
import {
  sandboxBinInfo,
  sandboxSuccessCards,
  sandboxTestBankAccounts,
  sandboxTestCards,
  sandboxTestRouting,
  type SandboxOutcome,
} from './sandbox-test-numbers';

// The sandbox's hosted entry page, rendered on the server: a plain form that works without script, sized
// for a phone, framed by the app (same origin). Its only script is the one line that tells the parent window
// the method is saved, allowed by a per-response nonce. Typed numbers are never written back into the page.

/**
 * The page's own CSP, replacing the API's: it may be framed by the app ('self'), and runs only its nonce'd
 * script and style.
 */
export const entryPageCsp = (nonce: string) =>
  [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
  ].join('; ');

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const styles = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; padding: 16px; color: #1a1b1e; background: #fff; }
  main { max-width: 28rem; margin: 0 auto; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  label { display: block; font-weight: 600; margin-top: 12px; }
  input, select { box-sizing: border-box; width: 100%; min-height: 44px; font-size: 16px; padding: 8px;
    border: 1px solid #868e96; border-radius: 4px; }
  input[aria-invalid="true"] { border-color: #c92a2a; }
  .row { display: flex; gap: 12px; } .row > div { flex: 1; }
  .error { color: #c92a2a; margin: 4px 0 0; }
  .alert { border: 1px solid #c92a2a; border-radius: 4px; padding: 8px 12px; }
  button { margin-top: 16px; width: 100%; min-height: 44px; font-size: 16px; font-weight: 600; color: #fff;
    background: #1864ab; border: 0; border-radius: 4px; cursor: pointer; }
  button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible {
    outline: 3px solid #4dabf7; outline-offset: 2px; }
  details { margin-top: 20px; } table { border-collapse: collapse; font-size: 14px; }
  th, td { text-align: left; padding: 4px 8px 4px 0; vertical-align: top; }
  .hint { color: #495057; font-size: 14px; }`;

/**
 * The page's <main> is named by its heading: the page lives in a frame inside the app's own <main>, and two
 * unnamed main landmarks in one view are indistinguishable to a screen reader (axe: landmark-unique).
 */
function page(input: { title: string; nonce: string; body: string; script?: string }): string {
  const script = input.script ? `<script nonce="${input.nonce}">${input.script}</script>` : '';
  const title = escapeHtml(input.title);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Paylane sandbox</title>
<style nonce="${input.nonce}">${styles}</style></head>
<body><main aria-labelledby="page-heading"><h1 id="page-heading">${title}</h1>
${input.body}</main>${script}</body></html>`;
}

type Field = {
  name: string;
  label: string;
  autocomplete: string;
  inputmode?: 'numeric';
  maxlength?: number;
  value?: string;
};

function input(field: Field, errors: FieldErrors): string {
  const messages = errors[field.name] ?? [];
  const errorId = `${field.name}-error`;
  const invalid = messages.length > 0 ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  const extra = [
    field.inputmode ? ` inputmode="${field.inputmode}"` : '',
    field.maxlength ? ` maxlength="${field.maxlength}"` : '',
    field.value ? ` value="${escapeHtml(field.value)}"` : '',
  ].join('');
  const error = messages.length
    ? `<p class="error" id="${errorId}">${messages.map(escapeHtml).join(' ')}</p>`
    : '';
  return `<label for="${field.name}">${field.label}</label>
<input id="${field.name}" name="${field.name}" autocomplete="${field.autocomplete}" required${extra}${invalid}>${error}`;
}

function errorSummary(errors: FieldErrors): string {
  const fields = Object.keys(errors);
  if (fields.length === 0) return '';
  const items = fields
    .map((name) => `<li><a href="#${name}">${errors[name]!.map(escapeHtml).join(' ')}</a></li>`)
    .join('');
  return `<div class="alert" role="alert"><p>Please correct the following:</p><ul>${items}</ul></div>`;
}

const grouped = (number: string) =>
  number.length === 15
    ? `${number.slice(0, 4)} ${number.slice(4, 10)} ${number.slice(10)}`
    : number.replace(/(\d{4})(?=\d)/g, '$1 ');

function outcomeText(outcome: SandboxOutcome): string {
  switch (outcome.status) {
    case 'succeeded':
      return 'succeeds';
    case 'delayed':
      return 'processing, then succeeds';
    case 'answer_lost':
      return 'succeeds, its first answer is lost';
    case 'refund_fails':
      return 'succeeds, its refunds fail';
    case 'failed':
      return `declined: ${outcome.code}`;
    case 'settles':
      return 'settles';
    case 'returns':
      return `returned ${outcome.code} (${outcome.message})`;
    case 'returns_once':
      return `returned ${outcome.code} (${outcome.message}) the first time, then settles`;
    case 'settles_then_returns':
      return `settles, then returned ${outcome.code} (${outcome.message})`;
  }
}

const table = (caption: string, rows: Array<[string, string]>) =>
  `<table><caption class="hint">${caption}</caption><thead><tr><th scope="col">Number</th><th scope="col">Result</th></tr></thead><tbody>${rows
    .map(([number, result]) => `<tr><td>${number}</td><td>${escapeHtml(result)}</td></tr>`)
    .join('')}</tbody></table>`;

function testNumbersHelp(kind: 'card' | 'bank'): string {
  if (kind === 'bank') {
    const rows = Object.entries(sandboxTestBankAccounts).map(([number, outcome]): [string, string] => [
      number,
      outcomeText(outcome),
    ]);
    return `<details><summary>Sandbox test bank accounts</summary>
<p class="hint">Routing number ${sandboxTestRouting}; any other valid account number settles.</p>
${table('Account numbers', rows)}</details>`;
  }
  const success = sandboxSuccessCards.map((number): [string, string] => {
    const { brand, funding } = sandboxBinInfo(number);
    return [grouped(number), `${brand} ${funding}: succeeds`];
  });
  const outcomes = Object.entries(sandboxTestCards).map(([number, outcome]): [string, string] => [
    grouped(number),
    outcomeText(outcome),
  ]);
  return `<details><summary>Sandbox test cards</summary>
<p class="hint">Any future expiry date and any 3-digit security code (4 for American Express).</p>
${table('Card numbers', [...success, ...outcomes])}</details>`;
}

export type EntryFormInput = {
  entryId: string;
  kind: 'card' | 'bank';
  nonce: string;
  errors: FieldErrors;
  /** What the payer typed, to keep on a refusal: only the expiry and account type, never a number. */
  kept: Record<string, string>;
};

export function renderEntryForm({ entryId, kind, nonce, errors, kept }: EntryFormInput): string {
  const fields =
    kind === 'card'
      ? `${input({ name: 'card_number', label: 'Card number', autocomplete: 'cc-number', inputmode: 'numeric', maxlength: 23 }, errors)}
<div class="row"><div>${input({ name: 'exp_month', label: 'Expiry month (MM)', autocomplete: 'cc-exp-month', inputmode: 'numeric', maxlength: 2, value: kept.exp_month }, errors)}</div>
<div>${input({ name: 'exp_year', label: 'Expiry year (YYYY)', autocomplete: 'cc-exp-year', inputmode: 'numeric', maxlength: 4, value: kept.exp_year }, errors)}</div></div>
${input({ name: 'cvc', label: 'Security code', autocomplete: 'cc-csc', inputmode: 'numeric', maxlength: 4 }, errors)}`
      : `${input({ name: 'routing_number', label: 'Routing number', autocomplete: 'off', inputmode: 'numeric', maxlength: 9 }, errors)}
${input({ name: 'account_number', label: 'Account number', autocomplete: 'off', inputmode: 'numeric', maxlength: 17 }, errors)}
<label for="account_type">Account type</label>
<select id="account_type" name="account_type">${['checking', 'savings']
          .map(
            (type) =>
              `<option value="${type}"${kept.account_type === type ? ' selected' : ''}>${type === 'checking' ? 'Checking' : 'Savings'}</option>`,
          )
          .join('')}</select>`;
  const title = kind === 'card' ? 'Add a card' : 'Add a bank account';
  return page({
    title,
    nonce,
    body: `<p class="hint">Sandbox processor: no real card or account is charged.</p>
${errorSummary(errors)}
<form method="post" action="${sandboxEntryUrl(entryId)}" novalidate>
${fields}
<button type="submit">Save ${kind === 'card' ? 'card' : 'bank account'}</button>
</form>
${testNumbersHelp(kind)}`,
  });
}

/** The answer to a saved entry: it tells the framing app, on the app's own origin only. */
export function renderSaved({ entryId, nonce }: { entryId: string; nonce: string }): string {
  const message = JSON.stringify({ type: METHOD_ENTRY_MESSAGE_TYPE, entry_id: entryId }).replace(
    /</g,
    '\\u003c',
  );
  return page({
    title: 'Saved',
    nonce,
    body: `<p role="status">The payment method is saved. You can close this window.</p>`,
    script: `window.parent.postMessage(${message}, location.origin);`,
  });
}

const goneTexts = {
  missing: 'This entry does not exist.',
  expired: 'This entry has expired. Close it and start again.',
} as const;

export function renderGone({ reason, nonce }: { reason: 'missing' | 'expired'; nonce: string }): string {
  return page({
    title: 'Entry closed',
    nonce,
    body: `<p role="alert">${goneTexts[reason]}</p>`,
  });
}
