/**
 * The web app has two HTML entries (docs/architecture.md "Two web entries"): the customer app
 * and the rule platform, built as separate chunks so customers never download rule-platform
 * code. A client-side route falls back to the entry that owns it.
 */
export const RULES_ENTRY = 'rules.html';
export const MAIN_ENTRY = 'index.html';

export const spaEntryOf = (pathname: string) =>
  pathname === '/rules' || pathname.startsWith('/rules/') ? RULES_ENTRY : MAIN_ENTRY;
