export type TInterest = { id: string; value: string };

/**
 * The seeded content niches of the interest screen. Ids are stable kebab-case
 * strings stored in `interested`; never rename one, add a new one instead.
 */
export const INTERESTS: readonly TInterest[] = Object.freeze([
  { id: 'fashion', value: 'Fashion' },
  { id: 'beauty', value: 'Beauty & Makeup' },
  { id: 'travel', value: 'Travel' },
  { id: 'food', value: 'Food & Drink' },
  { id: 'fitness', value: 'Fitness' },
  { id: 'health-wellness', value: 'Health & Wellness' },
  { id: 'tech', value: 'Technology' },
  { id: 'gaming', value: 'Gaming' },
  { id: 'music', value: 'Music' },
  { id: 'sports', value: 'Sports' },
  { id: 'lifestyle', value: 'Lifestyle' },
  { id: 'photography', value: 'Photography' },
  { id: 'art-design', value: 'Art & Design' },
  { id: 'movies-tv', value: 'Movies & TV' },
  { id: 'books', value: 'Books & Literature' },
  { id: 'education', value: 'Education' },
  { id: 'business', value: 'Business & Entrepreneurship' },
  { id: 'personal-finance', value: 'Personal Finance' },
  { id: 'parenting', value: 'Parenting & Family' },
  { id: 'pets', value: 'Pets & Animals' },
  { id: 'home-decor', value: 'Home & Decor' },
  { id: 'diy-crafts', value: 'DIY & Crafts' },
  { id: 'automotive', value: 'Cars & Automotive' },
  { id: 'comedy', value: 'Comedy' },
  { id: 'dance', value: 'Dance' },
  { id: 'outdoors', value: 'Nature & Outdoors' },
  { id: 'science', value: 'Science' },
  { id: 'sustainability', value: 'Sustainability' },
  { id: 'personal-development', value: 'Personal Development' },
  { id: 'luxury', value: 'Luxury' },
]);
