// Where a receipt comes in: dropped on the zone, chosen as a file, taken as a photo, or the
// built-in sample. Files are taken only with consent and while nothing else is processing.
import { useRef, useState, type DragEvent } from 'react';
import { styled } from 'styled-components';
import { ACCEPTED_FILE_TYPES, firstFile, PHOTO_FILE_TYPES } from '../rules/file-type.ts';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { palette } from '../theme/palette.ts';
import { Button } from './Button.tsx';
import { CameraIcon, UploadIcon } from './icons.tsx';
import { Muted } from './layout.tsx';

const Zone = styled.div<{ $active: boolean; $enabled: boolean }>`
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

export function DropZone() {
  const { controller, messages } = useWidget();
  const text = messages.calculator;
  const consent = useAppState((state) => state.consent);
  const busy = useAppState((state) => state.processing.phase !== 'idle');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
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
    <Zone
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
    </Zone>
  );
}
