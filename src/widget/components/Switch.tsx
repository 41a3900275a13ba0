// An on/off switch: a button with role="switch" and aria-checked (the consent box stays a view's
// only checkbox). At least 44 px tall.
import { styled } from 'styled-components';
import { palette } from '../theme/palette.ts';

export const Switch = styled.button.attrs({ type: 'button' as const, role: 'switch' })`
  display: flex;
  align-items: center;
  gap: 10px;
  min-height: 44px;
  margin: 8px 0;
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: inherit;
  text-align: left;
  cursor: pointer;

  &::before {
    content: '';
    flex: none;
    width: 36px;
    height: 20px;
    border-radius: 10px;
    border: 2px solid ${palette.primary};
    background: radial-gradient(circle 7px at 9px 50%, ${palette.primary} 98%, transparent) ${palette.surface};
    transition: background-position 0.15s ease;
  }

  &[aria-checked='true']::before {
    background: radial-gradient(circle 7px at 25px 50%, ${palette.onPrimary} 98%, transparent) ${palette.primary};
  }
`;
