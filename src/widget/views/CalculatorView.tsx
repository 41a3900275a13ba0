// The calculator: API status, consent, the drop zone, progress, errors and the result.
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { styled } from 'styled-components';
import { ApiBadge } from '../components/ApiBadge.tsx';
import { Button, TextButton } from '../components/Button.tsx';
import { ErrorBox } from '../components/ErrorBox.tsx';
import { ArrowLeftIcon, CameraIcon, UploadIcon } from '../components/icons.tsx';
import { Card, Muted } from '../components/layout.tsx';
import { ProgressPanel } from '../components/ProgressPanel.tsx';
import { ViewHeading } from '../components/ViewHeading.tsx';
import { errorText } from '../i18n/error-text.ts';
import { ACCEPTED_FILE_TYPES, firstFile, PHOTO_FILE_TYPES } from '../rules/file-type.ts';
import { palette } from '../theme/palette.ts';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { ResultsView } from './ResultsView.tsx';

const TitleRow = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
`;

const ConsentLabel = styled.label`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  min-height: 44px;
  padding: 8px 0;
  font-weight: 600;
  cursor: pointer;
`;

const Checkbox = styled.input.attrs({ type: 'checkbox' as const })`
  flex: none;
  width: 24px;
  height: 24px;
  margin: 0;
  accent-color: ${palette.primary};
  cursor: pointer;
`;

/** A link-like button inside a sentence: its 44 px target overlaps the lines around it instead of spacing them apart. */
const InlineTextButton = styled(TextButton)`
  margin: -10px 0;
  vertical-align: middle;
`;

const Warning = styled.p`
  margin: 0;
  padding: 12px 14px;
  border-radius: 12px;
  border: 1px solid ${palette.warning.border};
  background: ${palette.warning.background};
  color: ${palette.warning.text};
  font-weight: 600;
`;

const DropZone = styled.div<{ $active: boolean; $enabled: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 16px;
  padding: 28px 16px;
  border: 2px dashed ${({ $active, $enabled }) => ($active ? palette.primary : $enabled ? '#8fb8b0' : palette.border)};
  border-radius: 16px;
  background: ${({ $active }) => ($active ? palette.primaryTint : palette.surface)};
  text-align: center;
  transition: background-color 0.15s ease, border-color 0.15s ease;
`;

const DropIcon = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  border-radius: 50%;
  background: ${palette.primaryTint};
  color: ${palette.primary};
`;

const DropTitle = styled.h2`
  margin: 0;
  font-size: 1.25em;
  font-weight: 700;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 12px;
  width: 100%;

  /* Side by side where both fit on one line each; one above the other on a phone. */
  & > button {
    flex: 1 1 180px;
    max-width: 240px;
  }
`;

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: 12px;
  width: 100%;
  max-width: 320px;
  margin: 0;
  color: ${palette.muted};
  font-size: 0.875em;

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${palette.border};
  }
`;

export function CalculatorView(props: { focusHeading: boolean }) {
  const { controller, messages, locale } = useWidget();
  const text = messages.calculator;
  const apiStatus = useAppState((state) => state.apiStatus);
  const consent = useAppState((state) => state.consent);
  const processing = useAppState((state) => state.processing);
  const result = useAppState((state) => state.result);
  const error = useAppState((state) => state.error);
  const fileName = useAppState((state) => state.fileName);
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLDivElement>(null);
  const hadResult = useRef(result !== null);
  // A result that arrives while the view shows takes focus; one already there when the view
  // opens does not (the view's own heading does).
  const resultAtOpen = useRef(result !== null);

  // Scan Another Receipt removes the button that had focus: give focus back to the view.
  useEffect(() => {
    if (hadResult.current && result === null) titleRef.current?.querySelector('h1')?.focus();
    hadResult.current = result !== null;
    if (result === null) resultAtOpen.current = false;
  }, [result]);

  const busy = processing.phase !== 'idle';
  const canUpload = consent && !busy;

  const onFiles = (input: HTMLInputElement) => {
    const file = firstFile(input.files);
    // Clear the input so choosing the same file again still fires a change.
    input.value = '';
    if (file) controller.upload(file);
  };

  const onDragLeave = (event: DragEvent) => {
    // Leaving for one of the zone's own children is not leaving the zone.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };

  const onDragOver = (event: DragEvent) => {
    // Always take the drop from the browser (it would open the file), but accept it only with consent.
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = canUpload ? 'copy' : 'none';
    if (canUpload) setDragging(true);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!canUpload) return;
    const file = firstFile(event.dataTransfer?.files);
    if (file) controller.upload(file);
  };

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
          <Card>
            <ConsentLabel>
              <Checkbox checked={consent} onChange={(event) => controller.setConsent(event.currentTarget.checked)} />
              <span>{text.consentLabel}</span>
            </ConsentLabel>
            <Muted>
              {text.consentNote}{' '}
              <InlineTextButton onClick={() => controller.navigate('privacy')}>{text.readPrivacy}</InlineTextButton>
            </Muted>
          </Card>

          {!consent && (
            <Warning>
              {text.consentWarning}
            </Warning>
          )}

          <DropZone
            $active={dragging}
            $enabled={consent}
            data-testid="drop-zone"
            onDragOver={onDragOver}
            onDragEnter={onDragOver}
            onDragLeave={onDragLeave}
            onDrop={onDrop}
          >
            <DropIcon aria-hidden="true">
              <UploadIcon size={28} />
            </DropIcon>
            <div>
              <DropTitle>{text.dropTitle}</DropTitle>
              <Muted>{text.dropHint}</Muted>
            </div>
            <Actions>
              <Button disabled={!canUpload} onClick={() => fileInput.current?.click()}>
                <UploadIcon size={20} />
                {text.chooseFile}
              </Button>
              <Button $variant="secondary" disabled={!canUpload} onClick={() => photoInput.current?.click()}>
                <CameraIcon size={20} />
                {text.takePhoto}
              </Button>
            </Actions>
            <Divider>{text.or}</Divider>
            <Actions>
              <Button $variant="secondary" disabled={busy} onClick={() => controller.trySample()}>
                {text.trySample}
              </Button>
            </Actions>
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPTED_FILE_TYPES}
              disabled={!canUpload}
              hidden
              tabIndex={-1}
              data-testid="file-input"
              onChange={(event) => onFiles(event.currentTarget)}
            />
            <input
              ref={photoInput}
              type="file"
              accept={PHOTO_FILE_TYPES}
              capture="environment"
              disabled={!canUpload}
              hidden
              tabIndex={-1}
              data-testid="photo-input"
              onChange={(event) => onFiles(event.currentTarget)}
            />
          </DropZone>
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
          focusOnMount={!resultAtOpen.current}
          onScanAnother={() => controller.scanAnother()}
        />
      )}
    </>
  );
}
