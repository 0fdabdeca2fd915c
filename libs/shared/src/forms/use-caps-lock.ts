import { useState, type KeyboardEvent } from 'react';

/**
 * Whether Caps Lock is on while the user types in a field (docs/screens-and-routes.md#login-screen: the
 * login fields warn about it). Spread `handlers` on the input.
 */
export function useCapsLock() {
  const [capsLock, setCapsLock] = useState(false);
  const update = (event: KeyboardEvent<HTMLInputElement>) => {
    if (typeof event.getModifierState === 'function') {
      setCapsLock(event.getModifierState('CapsLock'));
    }
  };
  return {
    capsLock,
    handlers: { onKeyDown: update, onKeyUp: update, onBlur: () => setCapsLock(false) },
  };
}
