import { fireEvent } from '@testing-library/react';

/**
 * A press outside every dialog. Radix listens for it a tick after a dialog opens and
 * answers a primary-button press on the click that ends it, so both are sent.
 */
export async function clickOutside(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 10));
  fireEvent.pointerDown(document.body);
  fireEvent.click(document.body);
}
