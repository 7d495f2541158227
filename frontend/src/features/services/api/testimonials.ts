import type { Testimonial, TestimonialInput } from '@/generated/types';
import { orderedArea } from '@/lib/ordered-area';

export type { Testimonial, TestimonialInput };

/** 'Client Testimonials' (site-content §2, §7): `/api/testimonials`. */
export const testimonialsArea = orderedArea('/api/testimonials');
