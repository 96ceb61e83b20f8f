/** The About page's gear list: six items, each with badges (docs/product.md, "About"). */
export const gearList = [
  {
    kind: 'Primary Camera',
    name: 'Sony A7 IV',
    note: 'Full-frame stills and 4K video in one body.',
    badges: ['Full Frame', '4K 60p'],
  },
  {
    kind: 'Action Camera',
    name: 'GoPro HERO12 Black',
    note: 'Underwater, on a helmet, in the rain.',
    badges: ['Waterproof', 'HyperSmooth'],
  },
  {
    kind: 'Drone',
    name: 'DJI Mini 4 Pro',
    note: 'Under 250 g, so it flies almost anywhere.',
    badges: ['Under 250 g', 'Obstacle Sensing'],
  },
  {
    kind: 'Portrait Lens',
    name: 'Sony FE 85mm f/1.8',
    note: 'Soft backgrounds for the people we meet.',
    badges: ['f/1.8', 'Lightweight'],
  },
  {
    kind: 'Wireless Microphones',
    name: 'DJI Mic 2',
    note: 'Clean voices over wind and traffic.',
    badges: ['Dual Channel', '32-bit Float'],
  },
  {
    kind: 'Video Editing Software',
    name: 'DaVinci Resolve',
    note: 'Cutting and colour grading on the road.',
    badges: ['Color Grading', 'Free Version'],
  },
] as const
