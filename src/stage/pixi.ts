import { extend } from '@pixi/react';
import { BitmapText, Container, Graphics, RenderContainer, Text } from 'pixi.js';
import './software-batching';

/** The Pixi classes the stage's JSX uses; registered once for every stage component. */
extend({ BitmapText, Container, Graphics, RenderContainer, Text });
