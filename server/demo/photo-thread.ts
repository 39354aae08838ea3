// The photo pool's thread (photo-recipes.ts): draws the recipes it is sent.
import { movable, serveInThread } from '../shared/worker-pool';
import { drawPhotoRecipe } from './photo-recipes';

serveInThread(drawPhotoRecipe, (drawn) => movable(drawn.pixels.data));
