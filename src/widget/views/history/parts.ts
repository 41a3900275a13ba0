// Styled pieces the parts of "My receipts" share: messages, label-and-figure rows, swatches.
import { styled } from 'styled-components';
import { ButtonRow } from '../../components/layout.tsx';
import { below } from '../../theme/breakpoints.ts';
import { palette } from '../../theme/palette.ts';

export const Message = styled.p<{ $error?: boolean }>`
  margin: 0;
  padding: 12px 14px;
  border-radius: 12px;
  background: ${({ $error }) => ($error ? palette.error.background : palette.primaryTint)};
  color: ${({ $error }) => ($error ? palette.error.text : palette.text)};
`;

/**
 * Label on the left, its figures on the right; in a narrow widget (a phone, a sidebar) one above
 * the other, so a long month name or store never squeezes its figures.
 */
export const Rows = styled.ul`
  list-style: none;
  margin: 12px 0 0;
  padding: 0;
  font-variant-numeric: tabular-nums;

  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 12px;
    padding: 6px 0;
    border-top: 1px solid ${palette.border};
  }

  ${below('small')} {
    li {
      flex-direction: column;
      align-items: flex-start;
    }
  }
`;

export const Swatch = styled.span<{ $color: string }>`
  display: inline-block;
  width: 12px;
  height: 12px;
  margin-right: 8px;
  border-radius: 3px;
  background: ${({ $color }) => $color};
`;

/** A row of buttons set apart from what is above it. */
export const Actions = styled(ButtonRow)`
  margin-top: 16px;
`;
