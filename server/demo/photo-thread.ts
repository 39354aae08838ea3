// The photo pool's thread (photo-recipes.ts): draws the recipes it is sent.
import { serveInThread } from '../shared/worker-pool';
import { renderPhotoRecipe } from './photo-recipes';

serveInThread(renderPhotoRecipe);
