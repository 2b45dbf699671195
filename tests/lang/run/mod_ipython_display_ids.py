# IPython.display display ids outside Jupyter: display(obj, display_id=True/str) shows obj and
# returns a DisplayHandle; handle.update(obj) / update_display(obj, display_id=) print the new
# value (a script cannot replace earlier output); clear_output() does nothing; misuse raises.
from IPython.display import display, update_display, clear_output, DisplayHandle, HTML

h = display("first", display_id=True)
print(type(h).__name__, h.display_id.startswith("flyi-display-"))
h.update("second")
update_display(HTML("<b>third</b>"), display_id=h.display_id)
h.display(42)
n = display("named", display_id="x")
print(n.display_id, repr(n))
print(display(display_id="y").display_id)
print(display("no id"))
clear_output()
clear_output(wait=True)
print("still here")
try:
    display("z", update=True)
except TypeError as e:
    print("TypeError:", e)
try:
    display("z", display_id=3)
except TypeError as e:
    print("TypeError:", e)
import _flyi_display
try:
    _flyi_display.publish({"text/plain": "p"}, update=True)
except ValueError as e:
    print("ValueError:", e)
_flyi_display.publish({"text/plain": "p2"}, display_id="x", update=True)
