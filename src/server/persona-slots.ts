/**
 * Personas (View as) of one server, per person, in memory (spec 02 rule 8, spec 03 "Persona
 * slot"): at most 5,000 people keep one; setting a persona for one more drops the least recently
 * used person's, who then sees Apps as themselves again. Reading a person's persona counts as
 * use. Nothing is written to disk: a restart ends every persona.
 */
import type { Persona } from '../hooks/context/request-context.js';

/** Spec 03 Limits: persona slots. */
export const PERSONA_SLOTS = 5000;

export class PersonaSlots {
  /** Kept in order of last use, oldest first (a Map iterates in insertion order). */
  private readonly slots = new Map<string, Persona>();

  constructor(private readonly max: number = PERSONA_SLOTS) {}

  /** The persona of the person kept under `key`, marking them most recently used. */
  get(key: string): Persona | undefined {
    const persona = this.slots.get(key);
    if (persona === undefined) return undefined;
    this.slots.delete(key);
    this.slots.set(key, persona);
    return persona;
  }

  /** Sets (or with undefined, clears) the person's persona; past the limit the least recently used is dropped. */
  set(key: string, persona: Persona | undefined): void {
    this.slots.delete(key);
    if (persona === undefined) return;
    this.slots.set(key, persona);
    while (this.slots.size > this.max) this.slots.delete(this.slots.keys().next().value as string);
  }

  get size(): number {
    return this.slots.size;
  }
}
