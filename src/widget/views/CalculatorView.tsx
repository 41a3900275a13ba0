// The calculator: API status, consent, the drop zone, progress, errors and the result.
import { useEffect, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { ApiBadge } from '../components/ApiBadge.tsx';
import { TextButton } from '../components/Button.tsx';
import { ConsentCard } from '../components/ConsentCard.tsx';
import { DropZone } from '../components/DropZone.tsx';
import { ErrorBox } from '../components/ErrorBox.tsx';
import { ArrowLeftIcon } from '../components/icons.tsx';
import { ProgressPanel } from '../components/ProgressPanel.tsx';
import { ViewHeading } from '../components/ViewHeading.tsx';
import { errorText } from '../i18n/error-text.ts';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { ResultsView } from './ResultsView.tsx';

const TitleRow = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
`;

export function CalculatorView(props: { focusHeading: boolean }) {
  const { controller, messages, locale } = useWidget();
  const text = messages.calculator;
  const apiStatus = useAppState((state) => state.apiStatus);
  const processing = useAppState((state) => state.processing);
  const result = useAppState((state) => state.result);
  const error = useAppState((state) => state.error);
  const fileName = useAppState((state) => state.fileName);
  const titleRef = useRef<HTMLDivElement>(null);
  const hadResult = useRef(result !== null);
  // A result that arrives while the view shows takes focus; one already there when the view
  // opens does not (the view's own heading does). Once the view has shown no result, every
  // later one arrives.
  const [resultAtOpen, setResultAtOpen] = useState(result !== null);
  if (resultAtOpen && result === null) setResultAtOpen(false);

  // Scan Another Receipt removes the button that had focus: give focus back to the view.
  useEffect(() => {
    if (hadResult.current && result === null) titleRef.current?.querySelector('h1')?.focus();
    hadResult.current = result !== null;
  }, [result]);

  return (
    <>
      <div>
        <TextButton onClick={() => controller.navigate('home')}>
          <ArrowLeftIcon size={18} />
          {text.back}
        </TextButton>
      </div>
      <TitleRow ref={titleRef}>
        <ViewHeading focusOnMount={props.focusHeading}>{text.title}</ViewHeading>
        <ApiBadge status={apiStatus} />
      </TitleRow>

      {result === null && (
        <>
          <ConsentCard />
          <DropZone />
        </>
      )}

      {processing.phase === 'processing' && (
        <ProgressPanel
          message={messages.processing[processing.step]}
          percent={processing.percent}
          fileName={fileName}
        />
      )}

      {error !== null && <ErrorBox message={errorText(messages, locale, error)} />}

      {result !== null && (
        <ResultsView
          result={result}
          focusOnMount={!resultAtOpen}
          onScanAnother={() => controller.scanAnother()}
        />
      )}
    </>
  );
}
