/**
 * The adjectives people use for places and compass regions: "the Scottish mortgage book" asks
 * for Scotland, "Northern region sales" for the North. A value (or an owner's label of a code)
 * spelling one of these places is also asked by its adjective. Facts of the language, not of any
 * project: a value the data or an owner does not name is never made up here.
 */

const ADJECTIVES: ReadonlyArray<readonly [place: string, adjective: string]> = [
  ['america', 'american'],
  ['australia', 'australian'],
  ['austria', 'austrian'],
  ['belgium', 'belgian'],
  ['brazil', 'brazilian'],
  ['britain', 'british'],
  ['canada', 'canadian'],
  ['china', 'chinese'],
  ['denmark', 'danish'],
  ['east', 'eastern'],
  ['england', 'english'],
  ['finland', 'finnish'],
  ['france', 'french'],
  ['germany', 'german'],
  ['greece', 'greek'],
  ['india', 'indian'],
  ['ireland', 'irish'],
  ['italy', 'italian'],
  ['japan', 'japanese'],
  ['mexico', 'mexican'],
  ['netherlands', 'dutch'],
  ['north', 'northern'],
  ['north east', 'north eastern'],
  ['north west', 'north western'],
  ['northern ireland', 'northern irish'],
  ['norway', 'norwegian'],
  ['poland', 'polish'],
  ['portugal', 'portuguese'],
  ['scotland', 'scottish'],
  ['south', 'southern'],
  ['south east', 'south eastern'],
  ['south west', 'south western'],
  ['spain', 'spanish'],
  ['sweden', 'swedish'],
  ['switzerland', 'swiss'],
  ['wales', 'welsh'],
  ['west', 'western'],
];

const BY_PLACE: ReadonlyMap<string, string> = new Map(ADJECTIVES);

/** The adjective of a place a value or label spells ("Scotland" -> "scottish"), if it is one. */
export function placeAdjective(name: string): string | undefined {
  return BY_PLACE.get(name.trim().toLowerCase().replace(/\s+/g, ' '));
}
