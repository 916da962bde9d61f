import { DocketException } from '../errors/docket.exception';
import { stateMachine } from './state-machine';

type Light = 'red' | 'green' | 'amber' | 'broken';

const light = stateMachine<Light>('A light', {
  red: ['green', 'broken'],
  green: ['amber', 'broken'],
  amber: ['red', 'broken'],
  broken: [],
});

describe('stateMachine', () => {
  it('allows exactly the moves of its table, read from -> to', () => {
    expect(light.canTransition('red', 'green')).toBe(true);
    expect(light.canTransition('green', 'red')).toBe(false);
    expect(light.canTransition('red', 'red')).toBe(false);
  });

  it('finds the terminal statuses and the sources of a target', () => {
    expect(light.terminal).toEqual(['broken']);
    expect(light.isTerminal('broken')).toBe(true);
    expect(light.isTerminal('amber')).toBe(false);
    expect(light.sourcesOf('broken')).toEqual(['red', 'green', 'amber']);
    expect(light.sourcesOf('red')).toEqual(['amber']);
  });

  it('refuses a move with INVALID_STATE_TRANSITION naming the thing and the allowed moves', () => {
    let thrown: unknown;
    try {
      light.assertTransition('green', 'red');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DocketException);
    expect(thrown).toMatchObject({
      code: 'INVALID_STATE_TRANSITION',
      message: 'A light in green cannot move to red',
      details: { from: 'green', to: 'red', allowed: ['amber', 'broken'] },
    });
    expect(() => light.assertTransition('green', 'amber')).not.toThrow();
  });
});
