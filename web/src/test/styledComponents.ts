/**
 * styled-components adds its rules to a page in one of two ways: as text nodes in its `<style>` element
 * (outside production builds) or through the style sheet's `insertRule` (production). jsdom parses a `<style>`
 * element's whole text again whenever its text changes, so each new rule re-parsed every rule before it: a
 * page's first render spent 2.8 of its 7.6 CPU-s there (docs/benchmarks.md#bench-web-slow, D-590). Tests take
 * the production way: the same rules reach `document.styleSheets` (the invoice form's 135 rules and the
 * computed styles of its 921 elements were the same both ways), each parsed once.
 *
 * Read by styled-components when it is first imported, so this module is imported before anything imports it.
 */
process.env.SC_DISABLE_SPEEDY = 'false';
