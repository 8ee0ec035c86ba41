// Stripe's request encoding, read back: application/x-www-form-urlencoded with nested parameters in
// bracket notation (metadata[reference]=…, automatic_payment_methods[allow_redirects]=never), for the stand-in.

export type FormValue = string | Form;
export type Form = { [key: string]: FormValue };

/** `a[b][c]=v` → { a: { b: { c: 'v' } } }; list items (`a[0]`) keep their index as the key. */
export function parseForm(body: string): Form {
  const root: Form = Object.create(null) as Form;
  for (const [name, value] of new URLSearchParams(body)) {
    const [head = '', ...rest] = name.split('[');
    const path = [head, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = root;
    for (const key of path.slice(0, -1)) {
      const next = node[key];
      node = typeof next === 'object' ? next : (node[key] = Object.create(null) as Form);
    }
    node[path.at(-1)!] = value;
  }
  return root;
}

/** Order-independent, so the same parameters sent in another order count as the same request. */
export function canonical(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(value[key]!)}`);
  return `{${entries.join(',')}}`;
}

export const text = (value: FormValue | undefined) => (typeof value === 'string' ? value : '');

/** A nested parameter as a flat record of strings (metadata). */
export const stringsOf = (value: FormValue | undefined): Record<string, string> =>
  typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, text(v)])) : {};
