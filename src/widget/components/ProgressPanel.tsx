// The processing view: message, percent, a progress bar and the usual duration.
import { keyframes, styled } from 'styled-components';
import { fill } from '../i18n/index.ts';
import { palette } from '../theme/palette.ts';
import { useWidget } from '../state/widget-context.ts';
import { Card, Muted } from './layout.tsx';

const stripes = keyframes`
  from { background-position: 0 0; }
  to { background-position: 40px 0; }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: 12px;
  margin-bottom: 12px;
`;

const Message = styled.p`
  margin: 0;
  font-weight: 700;
`;

const Percent = styled.span`
  font-weight: 800;
  font-size: 1.25em;
  color: ${palette.primary};
  font-variant-numeric: tabular-nums;
`;

const FileName = styled.p`
  margin: 4px 0 0;
  font-size: 0.875em;
  color: ${palette.muted};
  overflow-wrap: anywhere;
`;

const Track = styled.div`
  height: 12px;
  border-radius: 999px;
  background: ${palette.primaryTint};
  overflow: hidden;
  margin-bottom: 12px;
`;

const Bar = styled.div<{ $percent: number }>`
  width: ${({ $percent }) => $percent}%;
  height: 100%;
  border-radius: 999px;
  background-color: ${palette.primary};
  background-image: linear-gradient(
    45deg,
    rgba(255, 255, 255, 0.18) 25%,
    transparent 25%,
    transparent 50%,
    rgba(255, 255, 255, 0.18) 50%,
    rgba(255, 255, 255, 0.18) 75%,
    transparent 75%,
    transparent
  );
  background-size: 40px 40px;
  animation: ${stripes} 1s linear infinite;
  transition: width 0.4s ease;
`;

export function ProgressPanel(props: { message: string; percent: number; fileName: string | null }) {
  const { messages } = useWidget();
  const text = messages.calculator;
  const percent = fill(text.progressPercent, { percent: props.percent });
  return (
    <Card aria-labelledby="rc-progress-message">
      <Top>
        <Message id="rc-progress-message">{props.message}</Message>
        <Percent aria-hidden="true">{percent}</Percent>
      </Top>
      <Track
        role="progressbar"
        aria-label={text.progressLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={props.percent}
        aria-valuetext={fill(text.progressValue, { percent, message: props.message })}
      >
        <Bar $percent={props.percent} />
      </Track>
      <Muted>{text.usualTime}</Muted>
      {props.fileName !== null && <FileName>{fill(text.fileLabel, { name: props.fileName })}</FileName>}
    </Card>
  );
}
