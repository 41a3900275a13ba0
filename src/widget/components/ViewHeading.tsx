// A view's main heading. It can take focus (tabIndex -1) so navigation moves focus to it.
import { useEffect, useRef, type ReactNode } from 'react';
import { styled } from 'styled-components';
import { palette } from '../theme/palette.ts';
import { atLeast } from '../theme/breakpoints.ts';

const H1 = styled.h1<{ $onDark: boolean }>`
  margin: 0;
  font-size: 1.75em;
  font-weight: 800;
  line-height: 1.2;
  letter-spacing: -0.01em;
  color: ${({ $onDark }) => ($onDark ? palette.onPrimary : palette.text)};

  ${atLeast('large')} {
    font-size: 2.25em;
  }

  &:focus-visible {
    outline-color: ${({ $onDark }) => ($onDark ? palette.focusOnDark : palette.focus)};
  }
`;

export function ViewHeading(props: { children: ReactNode; focusOnMount: boolean; onDark?: boolean; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const { focusOnMount } = props;
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <H1 ref={ref} tabIndex={-1} $onDark={props.onDark ?? false} id={props.id}>
      {props.children}
    </H1>
  );
}
