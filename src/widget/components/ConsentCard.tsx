// Consent to the privacy terms: the box that enables uploads, what happens to a receipt, the
// way to the full policy, and the warning shown until the box is ticked. The calculator shows it
// as a card of its own; "Add receipts" in My receipts inside its card (the same consent).
import { styled } from 'styled-components';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { palette } from '../theme/palette.ts';
import { TextButton } from './Button.tsx';
import { Card, Muted } from './layout.tsx';

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

/** The box, its note and the way to the policy; the warning until it is ticked. */
export function ConsentBox() {
  const { controller, messages } = useWidget();
  const text = messages.calculator;
  const consent = useAppState((state) => state.consent);
  return (
    <>
      <ConsentLabel>
        <Checkbox checked={consent} onChange={(event) => controller.setConsent(event.currentTarget.checked)} />
        <span>{text.consentLabel}</span>
      </ConsentLabel>
      <Muted>
        {text.consentNote}{' '}
        <InlineTextButton onClick={() => controller.navigate('privacy')}>{text.readPrivacy}</InlineTextButton>
      </Muted>
    </>
  );
}

export function ConsentWarning() {
  const { messages } = useWidget();
  const consent = useAppState((state) => state.consent);
  return consent ? null : <Warning>{messages.calculator.consentWarning}</Warning>;
}

export function ConsentCard() {
  return (
    <>
      <Card>
        <ConsentBox />
      </Card>
      <ConsentWarning />
    </>
  );
}
