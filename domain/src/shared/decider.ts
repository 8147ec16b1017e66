/** The decider shape (Chassaing): decide is pure, evolve is trivial, state starts at initialState. */
export type Decider<State, Command, Event> = {
  decide: (command: Command, state: State) => Event[];
  evolve: (state: State, event: Event) => State;
  initialState: () => State;
};

export const assertNever = (value: never): never => {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
};
