# Hang: foldBinary computes `**` with one multiplication per unit of the exponent.
X = 3 ** 99999999999999
