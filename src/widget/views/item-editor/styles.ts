// The looks the editor's parts share: a row of controls (native select, input, button, each a
// 44 px tap target) and a note under them.
import { styled } from 'styled-components';
import { fieldControl, fieldLabel } from '../../components/field.ts';
import { palette } from '../../theme/palette.ts';

export const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;

  select,
  input {
    ${fieldControl}
  }

  input {
    width: 6.5em;
  }

  label {
    ${fieldLabel}
  }
`;

export const Note = styled.p<{ $problem?: boolean }>`
  margin: 8px 0;
  min-height: 1.5em;
  font-weight: ${({ $problem }) => ($problem ? 600 : 400)};
  color: ${({ $problem }) => ($problem ? palette.error.text : palette.muted)};
`;
