// The play page's entry: sets the board up (board.js does nothing when imported).
import { init } from "./board.js";

init();
