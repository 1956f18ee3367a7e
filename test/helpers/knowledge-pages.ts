/** Team documents the test knowledge servers hold: one states a figure, one matches nothing asked. */
export const PAGES = [
  {
    id: 'rev-policy',
    title: 'How revenue is counted',
    url: 'https://wiki.example/revenue',
    text: 'Revenue is counted when an order ships. It was 4.2 million in March. Refunds are netted against the month they were paid.',
  },
  {
    id: 'states',
    title: 'Sales regions and states',
    url: 'https://wiki.example/states',
    text: 'Each state belongs to one sales region. Region leads own the state targets.',
  },
  { id: 'holidays', title: 'Office holidays', url: 'https://wiki.example/holidays', text: 'The office closes for a week in August.' },
];
