import { type BankCsvMapping, type BankCsvMappingEvent, sameValue } from '@remit/contracts';
import type { Decider, Recorded } from '@remit/eventstore';

/** The owner's CSV column mapping (stream `bank-csv-mapping-{userId}`): the latest saved one. */
export interface BankCsvMappingState {
  mapping: BankCsvMapping | null;
}

export const bankCsvMappingDecider: Decider<
  BankCsvMappingState,
  { userId: string; mapping: BankCsvMapping },
  BankCsvMappingEvent
> = {
  name: 'bank-csv-mapping',
  handles: ['BankCsvMappingSaved'],
  initialState: { mapping: null },
  evolve: (_state, event: Recorded<BankCsvMappingEvent>) => {
    const { userId: _userId, ...mapping } = event.data;
    return { mapping };
  },
  // Saving the same mapping again records nothing.
  decide: (state, { userId, mapping }) =>
    sameValue(state.mapping, mapping) ? [] : [{ type: 'BankCsvMappingSaved', data: { userId, ...mapping } }],
};
