// The build step that minifies the CSS in styled-components templates: CSS templates only,
// their meaning unchanged, everything else in the module left as it was.
import { describe, expect, it } from 'vitest';
import { minifyCssTemplates, minifyCssText } from '../../../src/widget/build/minify-css.ts';

describe('minifyCssText', () => {
  it('drops comments and the whitespace around braces, semicolons, commas and declaration colons', () => {
    const css = `display: flex; /* a comment */
  transition: color 0.15s ease, border-color 0.15s ease;

  @media (min-width: 640px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  &:hover:not(:disabled) {
    width: calc(100% - 20px);
  }
`;
    expect(minifyCssText(css)).toBe(
      'display:flex;transition:color 0.15s ease,border-color 0.15s ease;' +
        '@media (min-width:640px){grid-template-columns:repeat(3,minmax(0,1fr));}' +
        '&:hover:not(:disabled){width:calc(100% - 20px);}',
    );
  });

  it('keeps one space where whitespace may separate words, such as around an interpolation', () => {
    expect(minifyCssText(';\n  border: 2px dashed ')).toBe(';border:2px dashed ');
    expect(minifyCssText('\n    ')).toBe(' ');
  });
});

describe('minifyCssTemplates', () => {
  it('minifies styled, css, createGlobalStyle and keyframes templates, and keeps their interpolations', () => {
    const code = [
      'const A = styled.div`\n  color: ${palette.text};\n  padding: 4px;\n`;',
      'const B = styled(A).attrs({ type: "x" })`\n  margin: 0;\n`;',
      'const C = css`\n  gap: ${({ $gap }) => `${$gap}px`};\n`;',
      'const D = createGlobalStyle`\n  :host {\n    all: initial;\n  }\n`;',
      'const E = keyframes`\n  from { opacity: 0; }\n`;',
    ].join('\n');
    expect(minifyCssTemplates(code)).toBe(
      [
        'const A = styled.div`color:${palette.text};padding:4px;`;',
        'const B = styled(A).attrs({ type: "x" })`margin:0;`;',
        'const C = css`gap:${({ $gap }) => `${$gap}px`};`;',
        'const D = createGlobalStyle`:host{all:initial;}`;',
        'const E = keyframes`from{opacity:0;}`;',
      ].join('\n'),
    );
  });

  it('leaves other templates, strings, comments and regular expressions alone', () => {
    const code = [
      '// a `styled.div` in a comment: { a: b; }',
      'const key = `${index}-${item.name}`;',
      'const label = `${level} priority chip`;',
      'const quote = "styled.div`x: y;`";',
      'const pattern = /`\\s*:\\s*`/g;',
      'const tagged = html`\n  <p>a: b;</p>\n`;',
    ].join('\n');
    expect(minifyCssTemplates(code)).toBe(code);
  });
});
