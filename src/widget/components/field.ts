// The look of the widget's text inputs and selects: one 44 px target, the same border and
// colours wherever a visitor types or picks a value.
import { css } from 'styled-components';
import { palette } from '../theme/palette.ts';

export const fieldControl = css`
  min-height: 44px;
  max-width: 100%;
  padding: 8px 10px;
  border: 1px solid ${palette.muted};
  border-radius: 10px;
  background: ${palette.surface};
  color: ${palette.text};
  font: inherit;
`;

/** A label above its control. */
export const fieldLabel = css`
  display: grid;
  gap: 4px;
  font-weight: 600;
`;
