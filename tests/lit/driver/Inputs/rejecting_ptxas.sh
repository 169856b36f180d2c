#!/bin/sh
# Stands in for a ptxas that refuses whatever it is given.
echo "ptxas fatal   : stand-in ptxas refuses every input" >&2
exit 255
