import ViewStateKit

print("usage: viewstate-samples — the sample screens arrive with the samples issue")
