// Host-page CSS written to break an embedded widget: the demo page's own hostile sheet (body
// colour, font, line-height, text-transform, letter-spacing, a 62.5% root font size, global
// `*`, `div` and `button` rules), made harsher with `!important` on every inherited property
// and element rules for everything the widget is built from. The shadow root must make all of
// it irrelevant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './server.ts';

function demoPageCss(): string {
  const html = readFileSync(join(REPO_ROOT, 'demo/index.html'), 'utf8');
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1];
  if (!css) throw new Error('demo/index.html has no <style> element to borrow its hostile CSS from.');
  return css;
}

const HARSHER = `
body {
  font-weight: 900;
  text-indent: 2em;
  text-shadow: 1px 1px 2px red;
  white-space: pre;
  cursor: crosshair;
}
* {
  color: #c0007a !important;
  font-family: Georgia, serif !important;
  line-height: 2.5 !important;
  letter-spacing: 2px !important;
  text-transform: lowercase !important;
  font-variant: small-caps !important;
}
div {
  font-size: 30px !important;
}
div, section, p, span, button, h1, h2, h3, ul, li, dl, dd, dt, label, input, a, svg {
  margin: 20px !important;
}
button, input, a {
  background: hotpink !important;
  color: yellow !important;
  font-size: 30px !important;
  padding: 30px !important;
  border: 5px solid lime !important;
  min-height: 100px !important;
  display: block !important;
}
h1, h2, h3, p {
  font-size: 40px !important;
}
section, ul, li {
  padding: 40px !important;
  list-style: square inside !important;
}
svg, circle, text {
  fill: black !important;
  stroke: black !important;
}
:focus, :focus-visible {
  outline: 5px solid red !important;
}
`;

export const HOSTILE_CSS = `${demoPageCss()}\n${HARSHER}`;
