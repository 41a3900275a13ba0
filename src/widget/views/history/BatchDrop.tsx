// Where many receipts come in: chosen in the file picker (several at once) or dropped on the
// area. Files are taken only with consent; the drop is always taken from the browser, which
// would otherwise open the file in place of the page.
import { useRef, useState, type DragEvent } from 'react';
import { styled } from 'styled-components';
import { Button } from '../../components/Button.tsx';
import { UploadIcon } from '../../components/icons.tsx';
import { Muted } from '../../components/layout.tsx';
import { ACCEPTED_FILE_TYPES } from '../../rules/file-type.ts';
import { useAppState } from '../../state/widget-context.ts';
import { palette } from '../../theme/palette.ts';
import { useMyReceiptsText } from './text.ts';
import { useBatch } from './use-batch.ts';

const Area = styled.div<{ $active: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 16px;
  margin-top: 16px;
  padding: 16px;
  border: 2px dashed ${({ $active }) => ($active ? palette.primary : palette.border)};
  border-radius: 16px;
  background: ${({ $active }) => ($active ? palette.primaryTint : palette.surface)};
  transition: background-color 0.15s ease, border-color 0.15s ease;
`;

export function BatchDrop() {
  const batch = useBatch();
  const text = useMyReceiptsText();
  const consent = useAppState((state) => state.consent);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const take = (files: FileList | null | undefined) => {
    if (consent && files && files.length > 0) batch.add([...files]);
  };

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = consent ? 'copy' : 'none';
    if (consent) setDragging(true);
  };

  return (
    <Area
      $active={dragging}
      data-testid="batch-drop"
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        take(event.dataTransfer?.files);
      }}
    >
      <Button disabled={!consent} onClick={() => input.current?.click()}>
        <UploadIcon size={20} />
        {text.chooseFiles}
      </Button>
      <Muted>{text.dropHint}</Muted>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPTED_FILE_TYPES}
        disabled={!consent}
        hidden
        tabIndex={-1}
        data-testid="batch-input"
        onChange={(event) => {
          const chosen = event.currentTarget;
          take(chosen.files);
          // Cleared, so choosing the same files again still fires a change.
          chosen.value = '';
        }}
      />
    </Area>
  );
}
