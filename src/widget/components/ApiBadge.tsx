// The backend's status from the health check: a pill with a dot, always spelled out in text.
import { styled } from 'styled-components';
import type { ApiStatus } from '../state/app-state.ts';
import { palette } from '../theme/palette.ts';
import { useWidget } from '../state/widget-context.ts';

const Pill = styled.p<{ $status: ApiStatus }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  margin: 0;
  padding: 6px 12px;
  border-radius: 999px;
  font-size: 0.875em;
  font-weight: 600;
  color: ${({ $status }) => palette.status[$status].text};
  background: ${({ $status }) => palette.status[$status].background};
`;

const Dot = styled.span<{ $status: ApiStatus }>`
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ $status }) => palette.status[$status].dot};
`;

export function ApiBadge(props: { status: ApiStatus }) {
  const { messages } = useWidget();
  const text = messages.calculator;
  return (
    <Pill $status={props.status} data-status={props.status} role="status">
      <Dot $status={props.status} aria-hidden="true" />
      <span>
        {text.apiStatusLabel} <strong>{text.apiStatus[props.status]}</strong>
      </span>
    </Pill>
  );
}
