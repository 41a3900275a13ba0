// The brand header and the footer, shared by every view.
import { styled } from 'styled-components';
import { fill, plural } from '../i18n/index.ts';
import { displayedUsers } from '../rules/stats.ts';
import { shortenCount } from '../rules/format.ts';
import { palette } from '../theme/palette.ts';
import { useAppState, useWidget } from '../state/widget-context.ts';
import { LinkButton, TextButton, TextLink } from './Button.tsx';
import { LeafIcon } from './icons.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { VisuallyHidden } from './layout.tsx';

const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

const Brand = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  margin: 0;
  font-weight: 800;
  font-size: 1.0625em;
  color: ${palette.text};
`;

const Mark = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border-radius: 10px;
  background: ${palette.primary};
  color: ${palette.onPrimary};
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
`;

export function BrandHeader() {
  const { messages, links } = useWidget();
  return (
    <Bar>
      <Brand>
        <Mark aria-hidden="true">
          <LeafIcon size={20} />
        </Mark>
        {messages.brand.name}
      </Brand>
      <Tools>
        <LanguageSwitch />
        <LinkButton $variant="secondary" href={links.mainSiteUrl} target="_blank" rel="noopener noreferrer">
          {messages.brand.mainSite}
          <span aria-hidden="true">{messages.brand.externalMark}</span>{' '}
          <VisuallyHidden>{messages.brand.opensInNewTab}</VisuallyHidden>
        </LinkButton>
      </Tools>
    </Bar>
  );
}

const Foot = styled.footer`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding-top: 16px;
  border-top: 1px solid ${palette.border};
  color: ${palette.muted};
  font-size: 0.9375em;
`;

const Links = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
`;

const Line = styled.p`
  margin: 0;
`;

export function Footer() {
  const { controller, messages, links, locale } = useWidget();
  const stats = useAppState((state) => state.stats);
  const text = messages.footer;
  const users = stats.phase === 'ready' ? displayedUsers(stats.stats) : 0;
  const receipts = stats.phase === 'ready' ? stats.stats.total_receipts_processed : 0;
  return (
    <Foot>
      <Links aria-label={messages.brand.name}>
        <TextButton onClick={() => controller.navigate('privacy')}>{text.privacy}</TextButton>
        <TextLink href={links.contactUrl} target="_blank" rel="noopener noreferrer">
          {text.contact}{' '}
          <VisuallyHidden>{messages.brand.opensInNewTab}</VisuallyHidden>
        </TextLink>
        <TextLink href={links.aboutUrl} target="_blank" rel="noopener noreferrer">
          {text.about}{' '}
          <VisuallyHidden>{messages.brand.opensInNewTab}</VisuallyHidden>
        </TextLink>
      </Links>
      <Line data-testid="live-stats-line">
        {stats.phase === 'ready'
          ? fill(text.liveStats, {
              households: plural(locale, text.liveStatsHouseholds, users, shortenCount(locale, users)),
              receipts: plural(locale, text.liveStatsReceipts, receipts, shortenCount(locale, receipts)),
            })
          : text.liveStatsUnavailable}
      </Line>
    </Foot>
  );
}
