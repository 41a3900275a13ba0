// Suomi · Svenska · English: each language named in itself (and marked with its own `lang`, so
// a screen reader says "Svenska" in Swedish); the current one pressed. Switching changes only
// the words: the view, a result and the consent stay as they are.
import { styled } from 'styled-components';
import { LANGUAGE_NAMES, LOCALES } from '../i18n/index.ts';
import { useWidget } from '../state/widget-context.ts';
import { palette } from '../theme/palette.ts';

const Group = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const Choice = styled.button.attrs({ type: 'button' })`
  min-height: 44px;
  min-width: 44px;
  padding: 8px 10px;
  border: 2px solid transparent;
  border-radius: 10px;
  background: transparent;
  color: ${palette.primary};
  font: inherit;
  font-size: 0.9375em;
  font-weight: 600;
  cursor: pointer;

  &:hover {
    background: ${palette.primaryTint};
  }

  &[aria-pressed='true'] {
    border-color: ${palette.primary};
    background: ${palette.primaryTint};
  }
`;

export function LanguageSwitch() {
  const { controller, messages, locale } = useWidget();
  return (
    <Group role="group" aria-label={messages.brand.language} data-testid="language-switch">
      {LOCALES.map((option) => (
        <Choice key={option} lang={option} aria-pressed={option === locale} onClick={() => controller.setLocale(option)}>
          {LANGUAGE_NAMES[option]}
        </Choice>
      ))}
    </Group>
  );
}
