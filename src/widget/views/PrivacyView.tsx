// The privacy policy, in words that match what the backend really does.
import { styled } from 'styled-components';
import { TextButton, TextLink } from '../components/Button.tsx';
import { ArrowLeftIcon } from '../components/icons.tsx';
import { Card, Muted, SectionTitle } from '../components/layout.tsx';
import { ViewHeading } from '../components/ViewHeading.tsx';
import { fill } from '../i18n/index.ts';
import { formatDate } from '../rules/format.ts';
import { useWidget } from '../state/widget-context.ts';

/** The day this policy took effect. */
export const POLICY_EFFECTIVE_DATE = '2025-01-15';

/** At most about 80 characters a line: a wide screen's full width is too long to read. */
const Paragraph = styled.p`
  max-width: 40em;
  margin: 0 0 12px;

  &:last-child {
    margin-bottom: 0;
  }
`;

const ContactList = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
`;

export function PrivacyView(props: { focusHeading: boolean; returnTo: () => void }) {
  const { messages, links, locale } = useWidget();
  const text = messages.privacy;
  const device = messages.history;
  return (
    <>
      <div>
        <TextButton onClick={props.returnTo}>
          <ArrowLeftIcon size={18} />
          {text.back}
        </TextButton>
      </div>
      <div>
        <ViewHeading focusOnMount={props.focusHeading}>{text.title}</ViewHeading>
        <Muted>{fill(text.effective, { date: formatDate(locale, POLICY_EFFECTIVE_DATE) })}</Muted>
      </div>
      {text.sections.map((section, index) => (
        <Card key={section.title} aria-labelledby={`rc-privacy-${index}`}>
          <SectionTitle id={`rc-privacy-${index}`}>{section.title}</SectionTitle>
          {section.paragraphs.map((paragraph) => (
            <Paragraph key={paragraph}>{paragraph}</Paragraph>
          ))}
        </Card>
      ))}
      <Card aria-labelledby="rc-privacy-device">
        <SectionTitle id="rc-privacy-device">{device.privacyTitle}</SectionTitle>
        <Paragraph>{device.privacy}</Paragraph>
        <Paragraph>{device.privacyCorrections}</Paragraph>
        <Paragraph>{device.privacyHousehold}</Paragraph>
      </Card>
      <Card aria-labelledby="rc-privacy-contact">
        <SectionTitle id="rc-privacy-contact">{text.contactTitle}</SectionTitle>
        <Paragraph>{text.contactIntro}</Paragraph>
        <ContactList>
          <li>
            {text.contactEmail} <TextLink href={`mailto:${links.contactEmail}`}>{links.contactEmail}</TextLink>
          </li>
          <li>
            {text.contactWebsite}{' '}
            <TextLink href={links.mainSiteUrl} target="_blank" rel="noopener noreferrer">
              {links.mainSiteUrl}
            </TextLink>
          </li>
        </ContactList>
      </Card>
    </>
  );
}
