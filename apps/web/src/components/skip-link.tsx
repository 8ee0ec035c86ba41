import { Anchor } from '@mantine/core';
import { useState, type CSSProperties } from 'react';

// Out of sight but still in the tab order and read by screen readers, until it has the focus.
const hidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};
const shown: CSSProperties = {
  position: 'fixed',
  top: 8,
  left: 8,
  // Above the shell's header and navigation.
  zIndex: 1000,
  padding: '8px 16px',
  background: 'var(--mantine-color-body)',
  border: '2px solid var(--mantine-primary-color-filled)',
  borderRadius: 'var(--mantine-radius-md)',
};

/**
 * 'Skip to main content' (issue 20): the first stop of the Tab key, so keyboard users pass the header and the
 * navigation. It moves the focus itself rather than following the #hash, which the router would read as a
 * navigation; the target needs tabIndex={-1} to take the focus.
 */
export function SkipLink({ targetId }: { targetId: string }) {
  const [isFocused, setIsFocused] = useState(false);
  return (
    <Anchor
      href={`#${targetId}`}
      fw={600}
      style={isFocused ? shown : hidden}
      onFocus={() => setIsFocused(true)}
      onBlur={() => setIsFocused(false)}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
    >
      Skip to main content
    </Anchor>
  );
}
