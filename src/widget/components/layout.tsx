// Shared layout pieces: cards, section titles, the visually hidden text helper.
import { styled } from 'styled-components';
import { palette } from '../theme/palette.ts';
import { atLeast, below } from '../theme/breakpoints.ts';

export const Card = styled.section`
  background: ${palette.surface};
  border: 1px solid ${palette.border};
  border-radius: 16px;
  padding: 20px;
  box-shadow: 0 1px 2px rgba(16, 56, 50, 0.06), 0 4px 16px rgba(16, 56, 50, 0.05);

  ${atLeast('large')} {
    padding: 24px;
  }
`;

export const SectionTitle = styled.h2`
  margin: 0 0 16px;
  font-size: 1.25em;
  font-weight: 700;
  line-height: 1.3;
  color: ${palette.text};
`;

export const Muted = styled.p`
  margin: 0;
  color: ${palette.muted};
`;

/** Buttons side by side; on a phone, where they do not fit, one above the other at full width. */
export const ButtonRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;

  ${below('small')} {
    flex-direction: column;
  }
`;

export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/** A plain list of cards (tips, swaps): no bullets, the cards spaced evenly. */
export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 12px;
`;
