// The page's messages for its scripts: the server writes the `js.` part of the person's catalogue into
// <script type="application/json" id="cadence-messages">, so scripts say nothing of their own and need no request.
const element = document.getElementById('cadence-messages');
const messages = element ? JSON.parse(element.textContent) : {};

/** The page's language ("es") and the locale its formats follow ("es-ES"). */
export const lang = messages._lang || document.documentElement.lang || 'en';
export const locale = messages._locale || lang;

/**
 * The message for `key` (without its "js." prefix) with `{name}` placeholders filled from `values`.
 * A missing key shows as itself, marked, so the mistake is seen rather than silently blank.
 */
export function t(key, values = {}) {
  const template = messages['js.' + key];
  if (template === undefined) return `⟦?${key}⟧`;
  return template.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

const pluralRules = new Intl.PluralRules(lang === 'qps' ? 'en' : lang);

/**
 * A count's message: the form the language's plural rules give `count` (`key.one`, `key.few`, `key.many`…, as
 * CLDR has them, like Messages.plural on the server), `key.other` when the catalogue has no such form; `{count}` in
 * the locale's digits.
 */
export function plural(key, count, values = {}) {
  const form = `${key}.${pluralRules.select(count)}`;
  return t(messages['js.' + form] !== undefined ? form : `${key}.other`, { ...values, count: formatNumber(count) });
}

/**
 * A note the server kept by key (`{ key, values }`): numbers in the locale's digits (at most one decimal), the
 * plural form by its `count`.
 */
export function say(note) {
  const values = {};
  for (const [name, value] of Object.entries(note.values || {})) {
    values[name] = typeof value === 'number' ? new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value) : value;
  }
  const count = note.values?.count;
  if (messages['js.' + note.key] === undefined && typeof count === 'number' && messages[`js.${note.key}.other`] !== undefined) {
    return plural(note.key, count, values);
  }
  return t(note.key, values);
}

/** A report's sentences in the page's language: its notes when it has them, else the English it was stored with. */
export function saidOr(notes, english) {
  return notes?.length ? notes.map(say) : english || [];
}

export function formatNumber(value, fractionDigits) {
  const options = fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  return new Intl.NumberFormat(locale, options).format(value);
}

/** "14:05" in the person's zone. */
export function formatTime(date) {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

/** "27 Nov 2026". */
export function formatDate(date) {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}

/** "27 Nov 2026, 14:05". */
export function formatDateTime(date) {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23',
  }).format(date);
}
