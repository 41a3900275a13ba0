// Buttons and button-looking links. Every one is at least 44 px tall (tap target).
import { styled, css } from 'styled-components';
import { palette } from '../theme/palette.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'light' | 'outline-light';

const variants: Record<ButtonVariant, ReturnType<typeof css>> = {
  primary: css`
    background: ${palette.primary};
    color: ${palette.onPrimary};
    border-color: ${palette.primary};
    &:hover:not(:disabled) {
      background: ${palette.primaryHover};
      border-color: ${palette.primaryHover};
    }
  `,
  secondary: css`
    background: ${palette.surface};
    color: ${palette.primary};
    border-color: ${palette.primary};
    &:hover:not(:disabled) {
      background: ${palette.primaryTint};
    }
  `,
  light: css`
    background: ${palette.surface};
    color: ${palette.primary};
    border-color: ${palette.surface};
    &:hover:not(:disabled) {
      background: ${palette.primaryTint};
    }
    &:focus-visible {
      outline-color: ${palette.focusOnDark};
    }
  `,
  'outline-light': css`
    background: transparent;
    color: ${palette.onPrimary};
    border-color: ${palette.onPrimary};
    &:hover:not(:disabled) {
      background: rgba(255, 255, 255, 0.12);
    }
    &:focus-visible {
      outline-color: ${palette.focusOnDark};
    }
  `,
};

const base = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: 44px;
  min-width: 44px;
  padding: 10px 20px;
  border: 2px solid transparent;
  border-radius: 12px;
  font: inherit;
  font-weight: 600;
  line-height: 1.25;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  transition: background-color 0.15s ease, border-color 0.15s ease;
  ${({ $variant = 'primary' }) => variants[$variant]}

  &:disabled {
    cursor: not-allowed;
    opacity: 0.55;
  }

  svg {
    flex: none;
  }
`;

export const Button = styled.button.attrs<{ type?: 'button' | 'submit' }>((props) => ({
  type: props.type ?? 'button',
}))<{ $variant?: ButtonVariant }>`
  ${base}
`;

export const LinkButton = styled.a<{ $variant?: ButtonVariant }>`
  ${base}
`;

/** A text link that still offers a 44 px tall target. */
export const TextLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 4px;
  color: ${palette.primary};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
  border-radius: 6px;
`;

/** A button that looks like a text link (for in-widget navigation). */
export const TextButton = styled.button.attrs({ type: 'button' as const })`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 0 4px;
  border: 0;
  background: none;
  color: ${palette.primary};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
  border-radius: 6px;
  cursor: pointer;
`;
