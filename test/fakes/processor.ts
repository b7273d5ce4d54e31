import type { AuthoriseInput, CardProcessor, DeclineCode } from '@wattle/domain';

/**
 * A card processor that approves every number but the declined ones, and remembers what it was
 * asked. `failNext` makes the next authorisation throw (a timeout, a crash mid-request).
 */
export const fakeProcessor = (
  declines: Record<string, DeclineCode> = { '4100000000000001': 'card_declined' },
): CardProcessor & {
  authorised: AuthoriseInput[];
  captured: { reference: string; amount: number }[];
  voided: string[];
  failNext(): void;
  threeDSecure: boolean;
} => {
  let failing = false;
  const processor = {
    authorised: [] as AuthoriseInput[],
    captured: [] as { reference: string; amount: number }[],
    voided: [] as string[],
    threeDSecure: true,
    failNext: () => {
      failing = true;
    },
    authorise: async (input: AuthoriseInput) => {
      if (failing) {
        failing = false;
        throw new Error('The processor did not answer');
      }
      processor.authorised.push(input);
      const decline = declines[input.cardNumber];
      return decline ? ({ approved: false, decline } as const) : ({ approved: true } as const);
    },
    capture: async (reference: string, amount: number) => {
      processor.captured.push({ reference, amount });
    },
    void: async (reference: string) => {
      processor.voided.push(reference);
    },
    refund: async () => ({ settled: true }) as const,
    supportsThreeDSecure: () => processor.threeDSecure,
  };
  return processor;
};
